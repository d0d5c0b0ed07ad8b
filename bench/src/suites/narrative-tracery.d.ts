// Minimal typings for the parts of tracery-grammar 2.8.4 (untyped on npm) that the narrative suite drives.
declare module "tracery-grammar" {
  interface TraceryGrammar {
    addModifiers(mods: Record<string, (s: string) => string>): void;
    flatten(rule: string): string;
  }
  const tracery: {
    createGrammar(raw: Record<string, string | string[]>): TraceryGrammar;
    baseEngModifiers: Record<string, (s: string) => string>;
    setRng(rng: () => number): void;
  };
  export default tracery;
}
