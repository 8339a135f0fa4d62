import ClearIcon from '@mui/icons-material/Clear';
import SearchIcon from '@mui/icons-material/Search';
import { Box, IconButton, InputAdornment, TextField } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';
import { useState, type KeyboardEvent } from 'react';
import { MAX_FILTER_LENGTH } from '../../domain/paging';

/** The free-text filter lives under this key; the data provider sends it as the `filter` query. */
export const SEARCH_FILTER_KEY = 'q';

function appliedTerm(filterValues: Record<string, unknown>): string {
  const value = filterValues[SEARCH_FILTER_KEY];
  return typeof value === 'string' ? value : '';
}

/**
 * Spec "Generic table behaviour": the term runs on Enter or the search icon (not while typing),
 * the clear icon resets it, and every search starts again at the first page (react-admin's
 * setFilters does that).
 */
export function ListSearch() {
  const { filterValues, displayedFilters, setFilters } = useListContext();
  const translate = useTranslate();
  const applied = appliedTerm(filterValues);
  const [term, setTerm] = useState(applied);
  // Follow the applied term when it changes from outside (back button, stored list params).
  const [lastApplied, setLastApplied] = useState(applied);
  if (applied !== lastApplied) {
    setLastApplied(applied);
    setTerm(applied);
  }

  const runSearch = (value: string) => {
    const q = value.trim();
    const { [SEARCH_FILTER_KEY]: _previous, ...otherFilters } = filterValues;
    setFilters(q ? { ...otherFilters, [SEARCH_FILTER_KEY]: q } : otherFilters, displayedFilters);
  };

  const clear = () => {
    setTerm('');
    if (applied) runSearch('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      runSearch(term);
    }
  };

  const placeholder = translate('app.list.searchPlaceholder');
  return (
    <Box role="search" sx={{ width: { xs: '100%', sm: 360 } }}>
      <TextField
        value={term}
        onChange={(event) => setTerm(event.target.value)}
        onKeyDown={onKeyDown}
        placeholder={placeholder}
        size="small"
        fullWidth
        slotProps={{
          // Plain text rather than type="search": Chrome would add its own second clear button.
          htmlInput: { 'aria-label': placeholder, maxLength: MAX_FILTER_LENGTH, enterKeyHint: 'search' },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                {term ? (
                  <IconButton aria-label={translate('app.list.clearSearch')} onClick={clear} edge="end" size="small">
                    <ClearIcon fontSize="small" />
                  </IconButton>
                ) : null}
                <IconButton aria-label={translate('app.list.search')} onClick={() => runSearch(term)} edge="end">
                  <SearchIcon />
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
    </Box>
  );
}
