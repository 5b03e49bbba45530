/** Menu texts for a signed-in user (SPEC section 2): display name with the fallback 'User', and its initial. */
export const DISPLAY_NAME_FALLBACK = 'User';

export function displayNameOf(user: { displayName: string | null }): string {
  const name = user.displayName?.trim();
  return name ? name : DISPLAY_NAME_FALLBACK;
}

/** Decision: the avatar initial comes from the display name, else the e-mail, else the fallback name. */
export function initialOf(user: { displayName: string | null; email: string | null }): string {
  const source = user.displayName?.trim() || user.email?.trim() || DISPLAY_NAME_FALLBACK;
  return Array.from(source)[0]!.toUpperCase();
}
