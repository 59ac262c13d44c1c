"use client";

import { memo, Suspense, type ComponentType } from "react";

/**
 * A part of a page hydrated after the page's root. A Suspense boundary the server rendered is
 * hydrated at React's offscreen priority, in slices that leave the main thread free between them, instead of in
 * the page's one long hydration task; and `memo` lets a render of the page that leaves the part's props as they
 * were pass it by — new props for a boundary not hydrated yet would make React hydrate it at once, in one piece.
 * Its props must therefore be stable: data memoized, callbacks from `useCallback`.
 */
export function hydrateLater<P extends object>(Component: ComponentType<P>) {
  function Later(props: P) {
    return (
      <Suspense fallback={null}>
        <Component {...props} />
      </Suspense>
    );
  }
  Later.displayName = `Later(${Component.displayName ?? Component.name})`;
  return memo(Later);
}
