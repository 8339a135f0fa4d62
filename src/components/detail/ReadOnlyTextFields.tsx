import { Labeled, TextField } from 'react-admin';
import { EMPTY_VALUE } from './DetailSection';

/**
 * One labelled read-only text per source, in the given order; the labels come from the
 * resource's `fields` messages, an empty value shows a dash.
 */
export function ReadOnlyTextFields({ sources }: { sources: readonly string[] }) {
  return (
    <>
      {sources.map((source) => (
        <Labeled key={source}>
          <TextField source={source} emptyText={EMPTY_VALUE} />
        </Labeled>
      ))}
    </>
  );
}
