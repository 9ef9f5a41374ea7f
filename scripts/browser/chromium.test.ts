// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { chromium, type Browser } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FONTS_CONF,
  pinnedChromium,
  pinnedChromiumVersion,
  testChromium,
  type TestBrowser,
} from './chromium';

/**
 * The tests' browser and fonts (scripts/browser/chromium.ts): the binary is the package's, it runs with
 * the libraries it brings, and every font the app asks for is one of fonts.conf's, never the machine's.
 */

let pinned: TestBrowser;
// On a clean clone the first call unpacks the package's 200 MB binary: 4.4 s on an idle 2-core machine,
// past the tests' 5 s beside the other Vitest workers (CI on dca93a1). That is the preparation, bounded
// apart; the tests below read what it made.
beforeAll(() => {
  pinned = pinnedChromium();
}, 60_000);

describe('the pinned Chromium', () => {
  it('is the build the locked package ships, runnable with its own libraries', () => {
    const browser = pinned;
    expect(browser.kind).toBe('pinned');
    expect(browser.executablePath).toContain('node_modules/.cache/cartoes-browser/');
    const version = execFileSync(browser.executablePath, ['--version'], {
      env: browser.env,
      encoding: 'utf8',
    });
    // The package's major version is Chromium's (@sparticuz/chromium 153.0.0 ships Chromium 153.0.x).
    expect(version.trim()).toMatch(new RegExp(`^Chromium ${pinnedChromiumVersion().split('.')[0]}\\.`));
    expect(browser.env.LD_LIBRARY_PATH?.split(':')[0]).toBe(
      browser.executablePath.replace(/chromium$/, 'lib'),
    );
  });

  it('CHROMIUM_PATH runs another browser with the same fonts; a wrong one is said', () => {
    const system = testChromium(process.execPath);
    expect(system).toMatchObject({ kind: 'system', executablePath: process.execPath });
    expect(system.env.FONTCONFIG_FILE).toBe(pinned.env.FONTCONFIG_FILE);
    expect(() => testChromium('/nonexistent/chromium')).toThrow('CHROMIUM_PATH=/nonexistent/chromium');
  });

  it('takes its fonts from the committed fonts.conf alone', () => {
    const wrapper = readFileSync(pinned.env.FONTCONFIG_FILE ?? '', 'utf8');
    expect(wrapper).toContain(`<include ignore_missing="no">${FONTS_CONF}</include>`);
    // One font directory, the package's; no include of the machine's configuration (/etc/fonts).
    const conf = readFileSync(FONTS_CONF, 'utf8').replace(/<!--[\s\S]*?-->/g, '');
    expect([...conf.matchAll(/<dir[^>]*>([^<]*)<\/dir>/g)].map((match) => match[1])).toEqual([
      '../../node_modules/dejavu-fonts-ttf/ttf',
    ]);
    expect(conf).not.toContain('<include');
  });
});

describe('the fonts a page gets', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: pinned.executablePath,
      env: pinned.env,
      args: ['--no-sandbox', '--disable-gpu'],
    });
  });
  afterAll(() => browser.close());

  /** The font file each CSS font-family list is drawn with (Chromium's own answer, through CDP). */
  async function fontsOf(families: string[]): Promise<string[]> {
    const page = await browser.newPage();
    await page.setContent(
      families.map((family) => `<p style='font-family: ${family}'>Cartões · Ação 0123</p>`).join(''),
    );
    const cdp = await page.context().newCDPSession(page);
    const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
    await cdp.send('CSS.enable');
    const { nodeIds } = await cdp.send('DOM.querySelectorAll', { nodeId: root.nodeId, selector: 'p' });
    const names: string[] = [];
    for (const nodeId of nodeIds) {
      const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
      names.push(fonts.map((font) => font.postScriptName).join(' + '));
    }
    await page.close();
    return names;
  }

  it('draws the app’s stacks, the generic families and any named font with DejaVu', async () => {
    expect(
      await fontsOf([
        // src/app/theme.ts's stack, and the monospace of CPFs and codes.
        `system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif`,
        'monospace',
        'serif',
        // Fonts a machine may have (Debian's fonts-liberation is on this one): never taken; alone, the
        // browser's default (serif) stands in.
        '"Liberation Sans"',
        '"Liberation Mono", monospace',
        'Arial',
      ]),
    ).toEqual(['DejaVuSans', 'DejaVuSansMono', 'DejaVuSerif', 'DejaVuSerif', 'DejaVuSansMono', 'DejaVuSans']);
  });
});
