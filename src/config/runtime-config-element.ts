/**
 * The id of the JSON data block in which a server stamps the runtime configuration into every page
 * (scripts/build/runtime-html.ts; nginx's ssi include of scripts/deploy/render.ts's data block), read by
 * load-config.ts. Its own module, free of
 * imports, so that the build's Node side can share it.
 */
export const RUNTIME_CONFIG_ELEMENT_ID = 'runtime-config';
