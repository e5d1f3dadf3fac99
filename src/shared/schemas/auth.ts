import { z } from "zod";

/** One contract for the React forms and the procedures, with the spec's messages. */

export const email = z
  .string({ error: "Please enter a valid email address" })
  .trim()
  .max(254, "Email address is too long")
  .pipe(z.email("Please enter a valid email address"));

export const password = z
  .string({ error: "Password must be at least 6 characters" })
  .min(6, "Password must be at least 6 characters")
  .max(200, "Password must be at most 200 characters");

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

const dateOfBirth = z
  .string()
  .trim()
  .optional()
  .nullable()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || (/^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v))), {
    message: "Please enter a valid date of birth",
  });

export const loginInput = z.strictObject({
  email,
  password: z.string({ error: "Password must be at least 6 characters" }).min(6, "Password must be at least 6 characters").max(200),
});
export type LoginInput = z.input<typeof loginInput>;

export const profileFields = {
  firstName: z.string({ error: "First name is required" }).trim().min(1, "First name is required").max(100),
  lastName: z.string({ error: "Last name is required" }).trim().min(1, "Last name is required").max(100),
  phone: optionalText(40),
  address: optionalText(300),
  city: optionalText(100),
  postcode: optionalText(20),
  country: z
    .string()
    .trim()
    .max(100)
    .optional()
    .nullable()
    .transform((v) => (v ? v : "United Kingdom")),
};

export const registerInput = z
  .strictObject({
    email,
    password,
    confirmPassword: z.string({ error: "Please confirm your password" }).min(1, "Please confirm your password"),
    ...profileFields,
    dateOfBirth,
    /** Marketing mail only with an explicit opt-in: absent means no. */
    marketingEmail: z.boolean().optional(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: "Passwords don't match",
    path: ["confirmPassword"],
  });
export type RegisterInput = z.input<typeof registerInput>;

export const profileInput = z.strictObject({ ...profileFields, dateOfBirth });
export type ProfileInput = z.input<typeof profileInput>;

export const authUser = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(["user", "admin"]),
  phone: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  postcode: z.string().nullable(),
  country: z.string(),
  emailVerified: z.boolean(),
  marketingEmail: z.boolean(),
  createdAt: z.string(),
});
export type AuthUser = z.infer<typeof authUser>;

/** Everything the customer's own record says of them: what they see of themselves, and whether the account is open. */
export const customerProfile = authUser.extend({ isActive: z.boolean(), closedAt: z.string().nullable() });
export type CustomerProfile = z.infer<typeof customerProfile>;

export const authResult = z.object({ token: z.string(), user: authUser });
export type AuthResult = z.infer<typeof authResult>;

export const changePasswordInput = z
  .strictObject({
    currentPassword: z.string().min(1, "Enter your current password").max(200),
    newPassword: password,
    confirmPassword: z.string().min(1, "Please confirm your password").max(200),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { message: "Passwords don't match", path: ["confirmPassword"] });
