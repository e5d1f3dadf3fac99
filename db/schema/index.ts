export * from "./users";
export * from "./competitions";
export * from "./entries";
export * from "./content";
export * from "./notifications";
export * from "./operations";
export * from "./claims";
export * from "./instant-wins";
