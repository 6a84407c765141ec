import { Injectable } from '@nestjs/common';
import { Algorithm, hash, verify } from '@node-rs/argon2';

/** argon2id (OWASP parameters: 19 MiB, 2 passes) for login and transaction passwords alike. */
@Injectable()
export class PasswordHasher {
  private readonly opts = { algorithm: Algorithm.Argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 };
  private dummy?: Promise<string>;

  hash(password: string): Promise<string> {
    return hash(password, this.opts);
  }

  async verify(stored: string | null | undefined, password: string): Promise<boolean> {
    // Spend the same time when there is no such account, so timing does not reveal which e-mails exist.
    const target = stored ?? (await (this.dummy ??= this.hash('not-a-real-password-0')));
    try {
      return (await verify(target, password)) && stored != null;
    } catch {
      return false;
    }
  }
}
