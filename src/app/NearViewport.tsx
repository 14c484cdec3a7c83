import { type ReactNode, Suspense, useEffect, useRef, useState } from 'react'

/**
 * Shows `children` once this place of the page comes within a screen's height of the viewport, and from
 * then on (issue 21: charts not in the first viewport load when they are scrolled to). Until then it is
 * an empty block: the children's code (a lazy chart module) is not asked for, nor drawn. Where the
 * browser cannot tell (no IntersectionObserver), they are shown at once. Lazy children are shown in a
 * Suspense of its own, with nothing in their place while their code comes.
 */
export function NearViewport({ children }: { children: ReactNode }) {
  const place = useRef<HTMLDivElement>(null)
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined')
  useEffect(() => {
    const element = place.current
    if (near || !element) return
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setNear(true), { rootMargin: '100% 0px' })
    observer.observe(element)
    return () => observer.disconnect()
  }, [near])
  return near ? <Suspense fallback={null}>{children}</Suspense> : <div ref={place} />
}
