/** Only paths of this dashboard, so a crafted link cannot send a person elsewhere after sign-in. */
export function safeRedirect(target: string | undefined): string {
  return target && target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/login') ? target : '/';
}
