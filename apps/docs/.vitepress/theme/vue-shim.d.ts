// Lets tsc (and type-aware eslint) check theme/index.ts, which imports single-file components and CSS.
declare module "*.vue" {
  import type { Theme } from "vitepress";
  const component: NonNullable<Theme["Layout"]>;
  export default component;
}
declare module "*.css";
