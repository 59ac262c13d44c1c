/** What a person sends about their account: a username and password at sign-up, a new password. */
import { z } from "zod";

export const UsernameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9_.-]{2,31}$/, "field.username");
export const PasswordSchema = z.string().min(8, "field.passwordMin").max(200, "field.atMostChars");
export const SignUpSchema = z.object({ username: UsernameSchema, password: PasswordSchema });
export type SignUpInput = z.infer<typeof SignUpSchema>;
export const ChangePasswordSchema = z.object({
  current: z.string().max(200, "field.atMostChars"),
  password: PasswordSchema,
});
export type ChangePasswordInput = z.infer<typeof ChangePasswordSchema>;
