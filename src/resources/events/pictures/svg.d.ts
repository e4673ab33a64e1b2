// Vite turns an imported picture into its URL (inlined as a data URL when small).
declare module '*.svg' {
    const url: string;
    export default url;
}
