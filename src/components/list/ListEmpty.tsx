import { Typography } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';
import { SEARCH_FILTER_KEY } from './ListSearch';

/** The two empty states of spec "Generic table behaviour". */
export function ListEmpty() {
  const { filterValues } = useListContext();
  const translate = useTranslate();
  const term = filterValues[SEARCH_FILTER_KEY];
  const text =
    typeof term === 'string' && term !== ''
      ? translate('app.list.noSearchResults', { term })
      : translate('app.list.noData');
  return (
    <Typography sx={{ p: 3, textAlign: 'center' }} color="text.secondary" role="status">
      {text}
    </Typography>
  );
}
