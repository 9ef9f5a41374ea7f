import { useDeferredValue, useMemo, useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import { useMemoryStore } from '@/hooks/use-memory-store';
import { completeLeadingZeros, cpfColumnLines, MAX_BATCH_CPFS, parseCpfList } from '@/lib/cpf-list';
import { batchText } from './batch-store';
import { useAnalysisBatchTranslation } from './batch-texts';

/** Files larger than this are not read (1,000 CPFs in a CSV with a few columns are far below it). */
const MAX_FILE_BYTES = 2 * 1024 * 1024;

type FileNote = { severity: 'success' | 'error'; text: string } | null;

/**
 * The batch's list before anything is sent: its text (a memory store: it outlives a visit to another
 * screen, never the session), what it holds, and the file read into it by the picker or a drop.
 */
export function useBatchInput() {
  const { t, i18n } = useAnalysisBatchTranslation();
  const text = useMemoryStore(batchText);
  // The count follows the typing a frame behind, so a long paste never makes a keystroke wait.
  const deferredText = useDeferredValue(text);
  const list = useMemo(() => parseCpfList(deferredText), [deferredText]);
  const [dragging, setDragging] = useState(false);
  const [fileNote, setFileNote] = useState<FileNote>(null);
  const fileInputRef = useRef<HTMLInputElement>(null);
  const number = new Intl.NumberFormat(i18n.language);

  const lookups = list.cpfs.length;
  const summary =
    list.validCount + list.invalid.length > 0
      ? t('analysisBatch.input.summary', {
          valid: t('analysisBatch.input.valid', { count: list.validCount }),
          invalid: t('analysisBatch.input.invalid', { count: list.invalid.length }),
          repeated: t('analysisBatch.input.repeated', { count: list.repeatCount }),
        })
      : null;

  async function readFile(file: File) {
    setFileNote(null);
    const refuse = (reason: string) =>
      setFileNote({
        severity: 'error',
        text: t('analysisBatch.input.fileRefused', { name: file.name, reason }),
      });
    if (!/\.(csv|txt)$/i.test(file.name)) return refuse(t('analysisBatch.input.fileType'));
    if (file.size > MAX_FILE_BYTES)
      return refuse(t('analysisBatch.input.fileTooLarge', { size: `${MAX_FILE_BYTES / 1024 / 1024} MB` }));
    let content: string;
    try {
      content = await file.text();
    } catch {
      return refuse(t('analysisBatch.input.fileUnreadable'));
    }
    // A CSV gives its CPF column (or its first); a text file is read as typed.
    const lines = /\.csv$/i.test(file.name)
      ? cpfColumnLines((await import('@/lib/csv')).parseCsv(content))
      : content.replace(/^\uFEFF/, '');
    batchText.set(lines);
    setFileNote({
      severity: 'success',
      text: t('analysisBatch.input.fileRead', {
        name: file.name,
        lines: number.format(lines.split(/\r\n|\n|\r/).length),
      }),
    });
  }

  return {
    text,
    setText: (value: string) => batchText.set(value),
    clear: () => batchText.set(''),
    completeLeadingZeros: () => batchText.set(completeLeadingZeros(batchText.get())),
    /** The list as the counts on screen read it (a frame behind the typing). */
    list,
    summary,
    lookups,
    tooMany: lookups > MAX_BATCH_CPFS,
    leadingZeros: list.invalid.filter((entry) => entry.reason.kind === 'leadingZeros').length,
    /** The list to look up: the text as it is now (the counts on screen may be a frame behind a paste). */
    latestList: () => parseCpfList(batchText.get()),
    fileNote,
    dragging,
    fileInputRef,
    openFilePicker: () => fileInputRef.current?.click(),
    onFileChosen: (event: ChangeEvent<HTMLInputElement>) => {
      const file = event.target.files?.[0];
      event.target.value = '';
      if (file) void readFile(file);
    },
    onDrag: (event: DragEvent<HTMLElement>, over: boolean) => {
      if (!event.dataTransfer.types.includes('Files')) return;
      // Without this the browser would open the dropped file in place of the app.
      event.preventDefault();
      setDragging(over);
    },
    onDrop: (event: DragEvent<HTMLElement>) => {
      const file = event.dataTransfer.files[0];
      if (!file) return;
      event.preventDefault();
      setDragging(false);
      void readFile(file);
    },
  };
}

/** The batch input's state, as its views read it. */
export type BatchInputState = ReturnType<typeof useBatchInput>;
