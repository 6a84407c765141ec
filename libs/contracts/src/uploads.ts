/** The largest file one upload field takes (bytes); a larger one is refused before it is read to the end. */
export const UPLOAD_MAX_BYTES = 8 * 1024 * 1024;
/** The image types an upload may be (checked by content, never by name or header). */
export const UPLOAD_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** An avatar is stored as a square JPEG of this many pixels a side (cropped to the centre, metadata gone). */
export const AVATAR_SIDE = 256;
/** The multipart field of `PUT /api/me/avatar`. */
export const AVATAR_FIELD = 'avatar';
/** `GET /api/avatars/:name`: the name is the SHA-256 of the stored avatar's bytes, so a new photo is a new URL. */
export const AVATAR_NAME = /^[0-9a-f]{64}\.jpg$/;
