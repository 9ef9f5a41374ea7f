import type { Ref, RefCallback } from 'react';

/** One ref callback that feeds several refs (a mask hook's and a form library's, say). */
export function mergeRefs<T>(...refs: Array<Ref<T> | undefined>): RefCallback<T> {
  return (node) => {
    for (const ref of refs) {
      if (typeof ref === 'function') ref(node);
      else if (ref) ref.current = node;
    }
  };
}
