/** The access token of a new operator of `role`, created by an admin and enrolled in TOTP through the api. */
export function enrolledOperatorToken(options: {
  base: string;
  paths: { API: { adminOperators: string; adminLogin: string }; ADMIN_AUTH: { enrollment: string; enrollmentConfirm: string } };
  adminToken: string;
  role?: 'reviewer' | 'finance' | 'support' | 'admin';
}): Promise<string>;
