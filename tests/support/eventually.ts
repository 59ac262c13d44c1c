/**
 * Whether `check` holds within `ms`, asked every 25 ms: for what happens on its own time (a NOTIFY from another
 * instance, a live frame). Returns the last answer, so a test asserts it.
 */
export async function eventually(check: () => boolean, ms = 8_000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 25));
  }
  return check();
}
