/**
 * The typing part of `npm run bench`: typing in the credit application wizard with 10 phones and 10
 * addresses in the form, CPU throttled 4x. For each keystroke, the time from `keydown` to the first
 * animation frame after the field's value changed (a frame is what the operator sees): 8 keystrokes in the
 * number of the 10th phone, 22 in the street of the 10th address. The same measure in the floor app's one
 * controlled MUI input (bench/floor), in the same invocation, is what the harness gives with nothing of
 * ours around it; the goals are ratios to it.
 */
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { median } from './stats';
import { CPU_THROTTLING, withBenchApp, type BenchContext, type BenchPart } from './harness';
import { serveStatic } from './static-server';

const ROWS = 10;

/** Types `text` into the field named `name`, one key at a time, and returns each keystroke's latency. */
async function measureTyping(page: Page, name: string, text: string): Promise<number[]> {
  const input = page.locator(`[name="${name}"]`);
  await input.scrollIntoViewIfNeeded();
  await input.focus();
  await page.evaluate((fieldName) => {
    const w = window as unknown as { __latencies: number[] };
    w.__latencies = [];
    const field = document.querySelector<HTMLInputElement>(`[name="${fieldName}"]`);
    if (!field) throw new Error(`no field ${fieldName}`);
    let downAt = 0;
    let before = '';
    field.addEventListener('keydown', () => {
      downAt = performance.now();
      before = field.value;
    });
    field.addEventListener('input', () => {
      if (field.value === before) return;
      const from = downAt;
      // The frame that shows the new value: rAF runs before paint; the task after it runs after paint.
      requestAnimationFrame(() => setTimeout(() => w.__latencies.push(performance.now() - from)));
    });
  }, name);
  for (const key of text) {
    await page.keyboard.type(key);
    // One keystroke at a time (an operator's pace is ~100-200 ms per key); wait for its frame.
    await page.waitForTimeout(120);
  }
  await page.waitForTimeout(300);
  return page.evaluate(() => (window as unknown as { __latencies: number[] }).__latencies);
}

/**
 * The same measure in the floor app (bench/floor: the bare stack, one controlled MUI input): what this
 * harness gives for a keystroke with nothing of ours around it, at the same throttling, in the same run.
 * The typing goals are ratios to it: how much of a figure is the stack and the machine, and how much ours.
 */
export async function measureFloorTyping(browser: Browser, floorUrl: string): Promise<number[]> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, locale: 'pt-BR' });
  await page.goto(`${floorUrl}/`);
  await page.locator('[name="token"]').waitFor();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLING });
  // As many keystrokes as the wizard's measure (8 in the phone, 22 in the street).
  const latencies = await measureTyping(page, 'token', 'abcdefghijklmnopqrstuvwxyz1234');
  await page.close();
  return latencies;
}

export interface TypingFigures {
  phone: number[];
  street: number[];
  /** Main-thread time per street keystroke (CDP Performance metrics), throttled. */
  perKeystroke: { script: number; style: number; layout: number };
}

/** Types in the 10th phone and the 10th address of the wizard at 4x throttling. */
export async function measureWizardTyping(browser: Browser, appUrl: string): Promise<TypingFigures> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, locale: 'pt-BR' });
  await page.goto(`${appUrl}/`);
  await page.getByRole('button', { name: /Operador/ }).click();
  await page.getByRole('heading', { level: 1, name: 'Produtos de crédito' }).waitFor();
  await page.getByRole('navigation').getByRole('link', { name: 'Nova proposta' }).click();
  await page.getByText('Etapa 1 de 8', { exact: true }).waitFor();

  // Moving between steps by the progress in the URL (no validation needed to build up the rows).
  const goToStep = async (slug: string, number: number) => {
    await page.evaluate((target) => {
      window.history.pushState({}, '', target);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, `/proposta/nova/${slug}`);
    await page.getByText(`Etapa ${number} de 8`, { exact: true }).waitFor();
  };
  await goToStep('telefones', 5);
  // Each row filled as it is added, as an operator does (a row is open while it is the one being typed).
  const addPhone = page.getByRole('button', { name: 'Adicionar telefone' });
  for (let index = 0; index < ROWS; index += 1) {
    if (index > 0) await addPhone.click();
    await page.locator(`[name="portador.telefones.${index}.numerododdd"]`).fill('11');
    await page.locator(`[name="portador.telefones.${index}.numerodotelefone"]`).fill('987654321');
  }
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLING });
  await page.locator(`[name="portador.telefones.${ROWS - 1}.numerodotelefone"]`).fill('');
  const phone = await measureTyping(page, `portador.telefones.${ROWS - 1}.numerodotelefone`, '98765432');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });

  await goToStep('enderecos', 6);
  const addAddress = page.getByRole('button', { name: 'Adicionar endereço' });
  for (let index = 0; index < ROWS; index += 1) {
    if (index > 0) await addAddress.click();
    await page.locator(`[name="portador.enderecos.${index}.cep"]`).fill('04101000');
    await page.locator(`[name="portador.enderecos.${index}.bairro"]`).fill('Vila Mariana');
  }
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLING });
  await cdp.send('Performance.enable');
  const metrics = async () => {
    const { metrics: list } = await cdp.send('Performance.getMetrics');
    const value = (name: string) => list.find((metric) => metric.name === name)?.value ?? 0;
    return {
      script: value('ScriptDuration'),
      layout: value('LayoutDuration'),
      style: value('RecalcStyleDuration'),
    };
  };
  const before = await metrics();
  const street = await measureTyping(
    page,
    `portador.enderecos.${ROWS - 1}.logradouro`,
    'Rua Domingos de Morais',
  );
  const after = await metrics();
  const perKey = (key: keyof typeof before) => ((after[key] - before[key]) * 1000) / street.length;
  await page.close();
  return {
    phone,
    street,
    perKeystroke: { script: perKey('script'), style: perKey('style'), layout: perKey('layout') },
  };
}

export const typingPart: BenchPart = {
  name: 'typing',
  goals: ['typingMedian', 'typingWorst'],
  ports: ({ ports }) => [
    [ports.floor, 'the floor (typing)'],
    [ports.appSandbox, 'the sandbox (typing)'],
    [ports.appPreview, 'the preview server (typing)'],
  ],
  async run(context: BenchContext) {
    const { wizard, floor } = await withBenchApp(context, [], async ({ browser, appUrl }) => {
      context.log('typing: the wizard');
      const measured = await measureWizardTyping(browser, appUrl);
      context.log('typing: the floor');
      const floorServer = await serveStatic(path.resolve(context.floorRoot), context.ports.floor);
      const floorLatencies = await measureFloorTyping(browser, floorServer.url).finally(() =>
        floorServer.close(),
      );
      return { wizard: measured, floor: floorLatencies };
    });
    const all = [...wizard.phone, ...wizard.street];
    // A keystroke whose frame never came is missing from the list: too few means a broken measure.
    if (all.length < 25) throw new Error(`only ${all.length} of 30 keystrokes measured in the wizard`);
    const floorMedian = median(floor);
    const table = `Typing: keydown → frame at CPU ${CPU_THROTTLING}x, wizard with ${ROWS} phones and ${ROWS} addresses (runs: keystrokes)`;
    const row = (label: string, latencies: number[]) => ({
      table,
      label,
      cells: [
        { column: 'keydown → frame', unit: 'ms' as const, runs: latencies },
        { column: 'keystrokes', unit: 'count' as const, runs: [latencies.length] },
      ],
    });
    return {
      rows: [
        row('wizard: 10th phone and 10th address', all),
        row('wizard: 10th phone number', wizard.phone),
        row('wizard: 10th address street', wizard.street),
        row("floor: the bare stack's one input", floor),
      ],
      goals: [
        { id: 'typingMedian', runs: [median(all) / floorMedian] },
        { id: 'typingWorst', runs: [Math.max(...all) / floorMedian] },
      ],
      raw: { wizard, floor },
    };
  },
};
