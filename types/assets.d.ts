declare module '*.css';
declare module '*.svg?inline' {
  /** A data: URL (webpack asset/inline). */
  const url: string;
  export default url;
}
declare module '*.svg' {
  const url: string;
  export default url;
}
declare module '*.png' {
  const url: string;
  export default url;
}
