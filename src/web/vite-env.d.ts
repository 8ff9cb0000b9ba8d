/// <reference types="vite/client" />

/** Mantine's base stylesheets (vite.config.ts: mantineStylesPerComponent). */
declare module 'virtual:mantine-styles';
