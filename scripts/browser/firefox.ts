/**
 * The second engine the journeys run in: Debian's Firefox ESR (`firefox-esr`, which `.ci/run` installs),
 * driven by Playwright's `moz-firefox` channel over WebDriver BiDi. Playwright cannot download its own
 * Firefox here, and operators' institutions run the ESR. docs/decisions/033-firefox-esr-journeys.md says
 * how, and what patches/ changes in Playwright for it.
 */
import path from 'node:path';
import { FONTS_CONF, fontconfigFile } from './chromium';

/**
 * Where Debian installs it; `FIREFOX_PATH` names another (a newer Firefox, say). A missing one fails the
 * Firefox project's tests at launch, naming the path, and leaves Chromium's to run.
 */
export const FIREFOX_ESR_PATH = '/usr/bin/firefox-esr';

export interface TestFirefox {
  executablePath: string;
  /** The runner's environment with the tests' fonts (scripts/browser/fonts.conf), as Chromium has them. */
  env: Record<string, string>;
  firefoxUserPrefs: Record<string, string | number | boolean>;
}

export function testFirefox(firefoxPath = process.env.FIREFOX_PATH ?? FIREFOX_ESR_PATH): TestFirefox {
  const env = Object.fromEntries(
    Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  const fontsConf = fontconfigFile();
  // Firefox's content processes read only the font directories its sandbox allows (the machine's); without
  // these a page has no font at all and its process crashes ("no fonts").
  const fontFiles = [
    path.dirname(fontsConf),
    path.dirname(FONTS_CONF),
    path.resolve(path.dirname(FONTS_CONF), '../../node_modules/dejavu-fonts-ttf/ttf'),
  ];
  return {
    executablePath: firefoxPath,
    env: { ...env, FONTCONFIG_FILE: fontsConf },
    firefoxUserPrefs: {
      'security.sandbox.content.read_path_whitelist': fontFiles.map((dir) => `${dir}/`).join(','),
      // The page's colour scheme is light whatever the machine's theme: ESR 153 has no BiDi command to set
      // it per context (emulation.setMediaFeaturesOverride), so the browser's own setting decides (1: light).
      'layout.css.prefers-color-scheme.content-override': 1,
    },
  };
}
