export * from "./status";
export * from "./definition";
export * from "./schema";
export * from "./compile";
export * from "./instance";
export * from "./snapshot";
export * from "./trace";
export * from "./controller";
