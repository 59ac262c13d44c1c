export const SECURITY_HEADERS: Readonly<Record<string, string>>;
