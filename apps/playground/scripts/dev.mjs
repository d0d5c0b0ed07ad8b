// Starts the playground's Vite dev server on PORT (default 5173) and prints the URL to open.
import { createServer } from "vite";

const port = Number(process.env.PORT ?? 5173);
const server = await createServer({
  configFile: new URL("../vite.config.ts", import.meta.url).pathname,
  server: { port, strictPort: true, host: process.env.HOST ?? "localhost" },
});
await server.listen();
const urls = server.resolvedUrls?.local ?? [`http://localhost:${port}/`];
console.log(`\nTactica playground running at ${urls[0]}  (Ctrl+C to stop; set PORT to change the port)\n`);
