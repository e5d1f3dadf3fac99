// The storefront icons now live with the others in ui/icons; this keeps existing imports working.
export * from "../ui/icons";
