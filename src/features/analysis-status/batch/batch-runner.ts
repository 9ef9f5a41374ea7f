import type { QueryClient } from '@tanstack/react-query';
import { createAnalysisStatusBatch } from '@/api/analysis-status-batch';
import type { HttpClient } from '@/api/http-client';
import type { AnalysisStatusPaging } from '@/config/config-schema';
import type { CpfListEntry, InvalidCpfEntry } from '@/lib/cpf-list';
import type { Scheduler } from '@/lib/task-queue';
import { runBatch } from './batch-store';

/** Starts a batch over these CPFs, replacing the tab's previous one (batch-store.ts). */
export function startBatch(options: {
  queryClient: QueryClient;
  http: HttpClient;
  entries: readonly CpfListEntry[];
  invalid: readonly InvalidCpfEntry[];
  repeatCount: number;
  concurrency: number;
  paging?: AnalysisStatusPaging | undefined;
  scheduler?: Scheduler;
}): void {
  const queue = createAnalysisStatusBatch({
    queryClient: options.queryClient,
    http: options.http,
    cpfs: options.entries.map((entry) => entry.cpf),
    concurrency: options.concurrency,
    ...(options.paging ? { paging: options.paging } : {}),
    ...(options.scheduler ? { scheduler: options.scheduler } : {}),
  });
  runBatch(queue, options);
}
