export const SECURITY_HEADERS: Readonly<Record<string, string>>;
export const CLIENT_ADDRESS_HEADER: string;
