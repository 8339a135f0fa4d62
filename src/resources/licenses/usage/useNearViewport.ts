import { useEffect, useRef, useState } from 'react';

/**
 * True once the element has come into view (and from then on). The charts use it to load their
 * library only when the place they are drawn in is seen: below a long studio list the page is
 * usable without it. Without IntersectionObserver (old browsers, jsdom) it is true at once.
 */
export function useNearViewport<E extends Element>() {
  const ref = useRef<E>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setNear(true);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return { ref, near };
}
