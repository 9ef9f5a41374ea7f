import type { Page, CDPSession } from '@playwright/test';
import { withBenchApp } from './bench-harness';

async function journey(page: Page, round: number) {
  const nav = page.getByRole('navigation', { name: 'Navegação principal' });
  await nav.getByRole('link', { name: 'Contas' }).click();
  const accounts = page.getByRole('table', { name: 'Contas da instituição' });
  await accounts.getByRole('rowheader').first().waitFor();
  const row = accounts.locator('tbody tr').nth(round % 5);
  await row.getByRole('button', { name: /^Solicitar cartão virtual para/ }).click();
  await page
    .getByRole('dialog', { name: 'Solicitar cartão virtual?' })
    .getByRole('button', { name: 'Solicitar' })
    .click();
  await page
    .getByRole('region', { name: 'Solicitar cartão virtual' })
    .getByText(/Cartão virtual solicitado para a conta/)
    .waitFor();
  await nav.getByRole('link', { name: 'Análises por CPF' }).click();
  const cpf = page.getByRole('textbox', { name: 'CPF' });
  await cpf.fill('52998224725');
  await cpf.press('Enter');
  await page
    .getByRole('table', { name: 'Propostas do CPF consultado' })
    .getByRole('rowheader')
    .first()
    .waitFor();
  await nav.getByRole('link', { name: 'Nova proposta' }).click();
  await page.getByText('Etapa 1 de 8', { exact: true }).waitFor();
  await nav.getByRole('link', { name: 'Produtos' }).click();
  await page.getByRole('heading', { level: 1, name: 'Produtos de crédito' }).waitFor();
}


async function snapshot(cdp: CDPSession): Promise<Map<string, { size: number; count: number }>> {
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const chunks: string[] = [];
  const onChunk = (event: { chunk: string }) => chunks.push(event.chunk);
  cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk);
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk);
  const snap = JSON.parse(chunks.join('')) as { snapshot: { meta: { node_fields: string[]; node_types: [string[]] } }; nodes: number[]; strings: string[] };
  const fields = snap.snapshot.meta.node_fields;
  const types = snap.snapshot.meta.node_types[0];
  const stride = fields.length;
  const iType = fields.indexOf('type'), iName = fields.indexOf('name'), iSize = fields.indexOf('self_size');
  const agg = new Map<string, { size: number; count: number }>();
  for (let i = 0; i < snap.nodes.length; i += stride) {
    const type = types[snap.nodes[i + iType]!]!;
    let name = snap.strings[snap.nodes[i + iName]!]!;
    if (type === 'string' || type === 'concatenated string' || type === 'sliced string') name = '(string)';
    if (type === 'code' || type === 'hidden' || type === 'array') name = name.slice(0, 40);
    const key = `${type} :: ${name.slice(0, 60)}`;
    const entry = agg.get(key) ?? { size: 0, count: 0 };
    entry.size += snap.nodes[i + iSize]!;
    entry.count += 1;
    agg.set(key, entry);
  }
  return agg;
}

await withBenchApp({ sandbox: 4643, preview: 4644 }, [], async ({ browser, appUrl }) => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, locale: 'pt-BR' });
  await page.goto(`${appUrl}/`);
  await page.getByRole('button', { name: /Operador/ }).click();
  await page.getByRole('heading', { level: 1, name: 'Produtos de crédito' }).waitFor();
  await journey(page, 0);
  const cdp = await page.context().newCDPSession(page);
  const a = await snapshot(cdp);
  const rounds = Number(process.env.ROUNDS ?? 150);
  for (let round = 1; round < rounds; round += 1) await journey(page, round);
  const b = await snapshot(cdp);
  const total = (m: Map<string, { size: number }>) => [...m.values()].reduce((s, e) => s + e.size, 0);
  console.log(`total A ${(total(a) / 2 ** 20).toFixed(2)} MiB, B ${(total(b) / 2 ** 20).toFixed(2)} MiB after ${rounds} rounds`);
  const diff = [...new Set([...a.keys(), ...b.keys()])].map((key) => ({
    key, size: (b.get(key)?.size ?? 0) - (a.get(key)?.size ?? 0), count: (b.get(key)?.count ?? 0) - (a.get(key)?.count ?? 0),
  })).sort((x, y) => y.size - x.size);
  for (const d of diff.slice(0, 30)) console.log(`${(d.size / 1024).toFixed(1).padStart(9)} KiB ${String(d.count).padStart(7)}  ${d.key}`);
  console.log('DOM', JSON.stringify(await cdp.send('Memory.getDOMCounters')));
});
