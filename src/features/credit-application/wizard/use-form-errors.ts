import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { useFormContext } from 'react-hook-form';

export interface FieldProblem {
  path: string;
  code: string;
}

/** Every error in RHF's error tree, with its path (an array's own error sits at the array's path). */
export function flattenErrors(node: unknown, path: string[] = [], out: FieldProblem[] = []): FieldProblem[] {
  if (node === null || typeof node !== 'object') return out;
  if ('message' in node && 'type' in node && typeof node.message === 'string') {
    out.push({ path: path.filter((part) => part !== 'root').join('.'), code: node.message });
    return out;
  }
  for (const [key, value] of Object.entries(node)) {
    if (key === 'ref' || key === 'types') continue;
    flattenErrors(value, [...path, key], out);
  }
  return out;
}

/**
 * Reads of the form's errors that re-render a component only when what it shows changes.
 *
 * `useFormState` re-renders its component on every errors update of the paths it names (of any path,
 * without names), changed or not, and react-hook-form sends one on each "Continuar" and on each key stroke
 * in a field that shows a message (it checks itself again: the field kinds, `field-kinds/form-text.tsx`). Read at the page level, that
 * re-rendered the whole step per key stroke; read by each row's radio, every row of the array. Here the
 * component renders a string made from the errors, and `useSyncExternalStore` skips the render when the
 * string is the same as before.
 */
function useErrorsSnapshot(
  paths: readonly string[],
  read: (errorAt: (path: string) => unknown) => string,
): string {
  // Untyped context: the paths of array rows are built at run time.
  const { subscribe, getFieldState } = useFormContext();
  // Told only of updates under `paths` (or above them), like `useFormState({ name })`.
  const names = paths.join('\n');
  const listen = useCallback(
    (notify: () => void) =>
      subscribe({ name: names.split('\n'), formState: { errors: true }, callback: notify }),
    [subscribe, names],
  );
  const snapshot = () => read((path) => getFieldState(path).error);
  return useSyncExternalStore(listen, snapshot, snapshot);
}

function codeOf(node: unknown): string | undefined {
  return node !== null && typeof node === 'object' && 'message' in node && typeof node.message === 'string'
    ? node.message
    : undefined;
}

/** The error code (the step schemas' message) of the field at `path`, or null. */
export function useErrorCode(path: string): string | null {
  const code = useErrorsSnapshot([path], (errorAt) => codeOf(errorAt(path)) ?? '');
  return code === '' ? null : code;
}

/** A field array's own error ("at least one", "exactly one mailing address"), or null. */
export function useArrayErrorCode(path: string): string | null {
  const code = useErrorsSnapshot(
    [path],
    (errorAt) => codeOf(errorAt(`${path}.root`)) ?? codeOf(errorAt(path)) ?? '',
  );
  return code === '' ? null : code;
}

/** Whether there is any problem under `paths`. */
export function useHasProblems(paths: readonly string[], enabled: boolean): boolean {
  return (
    useErrorsSnapshot(paths, (errorAt) =>
      enabled && paths.some((path) => flattenErrors(errorAt(path)).length > 0) ? 'yes' : '',
    ) === 'yes'
  );
}

/** The problems under `paths` (a step's fields and arrays), in the order of the error tree. */
export function useProblems(paths: readonly string[], enabled: boolean): FieldProblem[] {
  // One line per problem: "path<TAB>code" (paths and codes hold neither tabs nor line breaks).
  const key = useErrorsSnapshot(paths, (errorAt) =>
    enabled
      ? paths
          .flatMap((path) => flattenErrors(errorAt(path), path.split('.')))
          .map((problem) => `${problem.path}\t${problem.code}`)
          .join('\n')
      : '',
  );
  return useMemo(
    () =>
      key === ''
        ? []
        : key.split('\n').map((line) => {
            const [path = '', code = ''] = line.split('\t');
            return { path, code };
          }),
    [key],
  );
}

/** How many problems there are under `path` (a row of a field array: its closed summary says it). */
export function useProblemCount(path: string): number {
  return Number(useErrorsSnapshot([path], (errorAt) => String(flattenErrors(errorAt(path)).length)));
}
