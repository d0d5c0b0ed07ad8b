import DefaultTheme from "vitepress/theme";
import type { Theme } from "vitepress";
import PackageTable from "./PackageTable.vue";
import "./custom.css";

// The default theme plus the home page's package table (released / not yet released, from package.json).
export default {
  extends: DefaultTheme,
  enhanceApp({ app }) {
    app.component("PackageTable", PackageTable);
  },
} satisfies Theme;
