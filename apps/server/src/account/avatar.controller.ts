import { Controller, Delete, Get, Param, Put, Res, Req, UseGuards } from '@nestjs/common';
import { AVATAR_FIELD, type UserProfile } from '@candor/contracts';
import { RateLimit } from '../auth/rate-limit.guard.js';
import { CurrentUser, UserAuthGuard, type AuthUser } from '../auth/auth.guard.js';
import { DomainError } from '../common/domain-error.js';
import type { HttpReply, HttpRequest } from '../common/http.js';
import { ApiFeature, Doc } from '../common/openapi.js';
import { readMultipartForm } from '../uploads/multipart.js';
import { UsersRepository } from '../users/users.repository.js';
import { toProfile } from '../users/user-view.js';
import { AvatarService } from './avatar.service.js';

/** The bytes under a name never change; `private`, so no shared cache keeps a photo its owner removed. */
const AVATAR_CACHE = 'private, max-age=31536000, immutable';

/** The signed-in user's own photo: set it, or remove it. Each answers the profile with its new `avatarUrl`. */
@Controller('me/avatar')
@UseGuards(UserAuthGuard)
@ApiFeature('account')
export class MeAvatarController {
  constructor(
    private readonly avatars: AvatarService,
    private readonly users: UsersRepository,
  ) {}

  /** Like every upload: read with limits, checked by content, re-encoded (here a 256 px square), counted against the upload bucket. */
  @Put()
  @RateLimit('money')
  @Doc("Set the caller's photo (one JPEG, PNG or WebP image; stored as a 256 px square JPEG without metadata)", {
    ok: 'UserProfile',
    multipart: { fields: {}, files: [AVATAR_FIELD] },
    errors: ['VALIDATION_FAILED', 'IMAGE_INVALID', 'UPLOAD_TOO_LARGE'],
  })
  async set(@CurrentUser() u: AuthUser, @Req() req: HttpRequest): Promise<UserProfile> {
    await this.avatars.set(u.id, await readMultipartForm(req, { files: [AVATAR_FIELD], fields: [] }));
    return this.profile(u.id);
  }

  @Delete()
  @RateLimit('money')
  @Doc("Remove the caller's photo (the initial shows again); removing when there is none is not an error", { ok: 'UserProfile' })
  async remove(@CurrentUser() u: AuthUser): Promise<UserProfile> {
    await this.avatars.remove(u.id);
    return this.profile(u.id);
  }

  private async profile(userId: string): Promise<UserProfile> {
    const user = await this.users.findById(userId);
    if (!user) throw new DomainError('UNAUTHENTICATED');
    return toProfile(user);
  }
}

/** Avatars in use, by the hash of their bytes. No token: an `<img>` sends none, and the name is the secret-free key. */
@Controller('avatars')
@ApiFeature('account')
export class AvatarsController {
  constructor(private readonly avatars: AvatarService) {}

  @Get(':name')
  @Doc("A user's photo under its content-hashed name (`<sha256>.jpg`), while it is someone's avatar", {
    ok: 'image',
    description:
      'A square JPEG (256 px) without metadata. `Cache-Control: private, max-age=31536000, immutable`: a name never ' +
      'changes meaning; a removed photo answers 404 at once.',
    errors: ['NOT_FOUND'],
  })
  async image(@Param('name') name: string, @Res() res: HttpReply): Promise<void> {
    const image = await this.avatars.image(name);
    await res
      .header('Content-Type', image.contentType)
      .header('Content-Length', image.data.length)
      .header('Cache-Control', AVATAR_CACHE)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Disposition', 'inline; filename="avatar.jpg"')
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .send(image.data);
  }
}
