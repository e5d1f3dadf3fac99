export const ROLES = ["user", "admin"] as const;
export type Role = (typeof ROLES)[number];

export const isAdmin = (user: { role: string } | null | undefined): boolean => user?.role === "admin";
