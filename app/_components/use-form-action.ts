"use client";

import { startTransition, useActionState, type FormEvent } from "react";

/**
 * A form's server action that leaves what was typed in place when it is refused. React resets a form after
 * its action runs; a long form (an evening, a rule set) would then lose every field to one mistake. With
 * JavaScript the form is sent from `onSubmit` instead; without it, `action` still posts it.
 */
export function useFormAction<Result>(
  action: (state: Result | null, formData: FormData) => Promise<Result>,
): [
  result: Result | null,
  props: { action: (formData: FormData) => void; onSubmit: (e: FormEvent<HTMLFormElement>) => void },
  pending: boolean,
] {
  const [result, dispatch, pending] = useActionState<Result | null, FormData>(action, null);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const formData = new FormData(event.currentTarget, submitter);
    startTransition(() => dispatch(formData));
  };
  return [result, { action: dispatch, onSubmit }, pending];
}
