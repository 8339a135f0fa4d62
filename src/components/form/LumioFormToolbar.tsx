import { SaveButton, Toolbar } from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { z } from 'zod';

/** The form values the payload schema covers; react-admin forms also hold id and read-only fields. */
function payloadOf(values: Record<string, unknown>, schema: z.ZodObject): Record<string, unknown> {
  return Object.fromEntries(Object.keys(schema.shape).map((key) => [key, values[key]]));
}

export interface LumioFormToolbarProps {
  /** The domain payload schema the server checks; save stays disabled while it fails. */
  schema: z.ZodObject;
  saveLabel?: string;
}

/**
 * Spec section 5: save is disabled while the form is invalid, untouched or unchanged.
 * react-admin's SaveButton already stays disabled while nothing differs from the loaded record.
 * Validity comes from the payload schema on the watched values rather than react-hook-form's
 * `isValid`: tracking `isValid` makes react-hook-form validate while inputs register during
 * render, which updates the SaveButton mid-render (React warns) when an Edit's record arrives.
 */
export function LumioFormToolbar({ schema, saveLabel }: LumioFormToolbarProps) {
  const values = useWatch() as Record<string, unknown>;
  const isValid = schema.safeParse(payloadOf(values, schema)).success;
  return (
    <Toolbar>
      <SaveButton label={saveLabel} disabled={!isValid} />
    </Toolbar>
  );
}
