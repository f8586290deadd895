import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

/**
 * After a submit with errors, focus moves to the first invalid field of the form (in
 * document order), once the errors have rendered. Call the returned function after
 * setting the errors.
 */
export function useFocusFirstInvalid(formRef: RefObject<HTMLFormElement | null>): () => void {
  const [request, setRequest] = useState(0);
  const handled = useRef(0);
  useEffect(() => {
    if (request === handled.current) return;
    handled.current = request;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [request, formRef]);
  return useCallback(() => setRequest((n) => n + 1), []);
}
