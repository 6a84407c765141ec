/** The largest file one upload field takes (bytes); a larger one is refused before it is read to the end. */
export const UPLOAD_MAX_BYTES = 8 * 1024 * 1024;
/** The image types an upload may be (checked by content, never by name or header). */
export const UPLOAD_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
