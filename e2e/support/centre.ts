import type { Locator } from '@playwright/test';

/** The centre of `target` on screen, once it is visible there (for a click that must land on one spot). */
export async function centreOf(target: Locator): Promise<{ x: number; y: number }> {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) throw new Error('the target is not on screen');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}
