// The sprite's address, made by the icon-sprite plugin (sprite.ts) in every Vite and Vitest run (decision 066).
declare module 'virtual:icon-sprite' {
  const spriteUrl: string;
  export default spriteUrl;
}
