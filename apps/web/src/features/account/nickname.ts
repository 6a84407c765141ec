/** The longest nickname the server keeps (PATCH /api/me). */
export const NICKNAME_MAX = 32;

// Control characters (C0 with tab and new lines, DEL, C1) and bidirectional overrides: the server refuses them.
const REFUSED = /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;

/** What is wrong with a typed nickname, as a `user` key, or null when the server will take it. */
export function nicknameProblem(text: string): string | null {
  const name = text.trim();
  if (name === '') return 'nickname.empty';
  if (name.length > NICKNAME_MAX) return 'nickname.tooLong';
  if (REFUSED.test(name)) return 'nickname.invalid';
  return null;
}

/** The generated avatar: the name's first character (a whole emoji or CJK character), upper-cased. */
export function avatarInitial(name: string): string {
  const first = Array.from(name.trim())[0] ?? '?';
  return first.toUpperCase();
}

/** A stable hue for a user's generated avatar, so two people's initials look different. */
export function avatarHue(seed: string): number {
  let h = 0;
  for (const ch of seed) h = (h * 31 + ch.codePointAt(0)!) % 360;
  return h;
}
