import FirstPageIcon from '@mui/icons-material/FirstPage';
import KeyboardArrowLeft from '@mui/icons-material/KeyboardArrowLeft';
import KeyboardArrowRight from '@mui/icons-material/KeyboardArrowRight';
import LastPageIcon from '@mui/icons-material/LastPage';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { useListPaginationContext, useTranslate } from 'react-admin';
import { PAGE_SIZE_OPTIONS } from '../../domain/paging';

const T = 'app.list';

/**
 * Footer of every list: 'Gesamt: {total}' and a paginator with first/last buttons, German labels
 * ('Seite X von Y') and the page sizes 20/50/100 of spec section 9. Built from MUI's pieces rather
 * than its TablePagination, whose buttons wrap MUI's Tooltip and bring Popper onto every list
 * page (about 11 kB of gzip -9, issue 25): the buttons' names show as the native title instead.
 */
export function LumioPagination({
  rowsPerPageOptions = PAGE_SIZE_OPTIONS,
}: {
  rowsPerPageOptions?: readonly number[];
}) {
  const { isPending, page, perPage, total, setPage, setPerPage } = useListPaginationContext();
  const translate = useTranslate();
  const labelId = useId();
  if (isPending || total == null) return <Toolbar variant="dense" />;

  const pages = Math.max(1, Math.ceil(total / perPage));
  // Clamped while a shrinking result is reloading.
  const shown = Math.min(Math.max(page, 1), pages);
  const button = (key: string, to: number, disabled: boolean, icon: ReactNode) => {
    const label = translate(`${T}.${key}`);
    return (
      <IconButton aria-label={label} title={label} disabled={disabled} onClick={() => setPage(to)}>
        {icon}
      </IconButton>
    );
  };
  return (
    <Box
      sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', px: 2 }}
      data-testid="list-footer"
    >
      <Typography variant="body2">{translate(`${T}.total`, { total })}</Typography>
      {total > 0 ? (
        // On a phone the page size, 'Seite X von Y' and the four buttons wrap instead of widening the page.
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            flexWrap: 'wrap',
            justifyContent: 'flex-end',
            columnGap: 1,
            minHeight: 52,
          }}
        >
          <Typography variant="body2" id={labelId}>
            {translate(`${T}.itemsPerPage`)}
          </Typography>
          <Select
            value={perPage}
            onChange={(event) => setPerPage(Number(event.target.value))}
            input={<InputBase />}
            // The combobox's name is the label beside it, as in MUI's TablePagination.
            labelId={labelId}
            sx={{ mr: { xs: 1, sm: 3 }, '& .MuiSelect-select': { py: 0.5, fontSize: 'body2.fontSize' } }}
          >
            {rowsPerPageOptions.map((size) => (
              <MenuItem key={size} value={size}>
                {size}
              </MenuItem>
            ))}
          </Select>
          <Typography variant="body2">{translate(`${T}.pageOf`, { page: shown, pages })}</Typography>
          <Box sx={{ display: 'flex', ml: { xs: 0, sm: 2 } }}>
            {button('firstPage', 1, shown <= 1, <FirstPageIcon />)}
            {button('previousPage', shown - 1, shown <= 1, <KeyboardArrowLeft />)}
            {button('nextPage', shown + 1, shown >= pages, <KeyboardArrowRight />)}
            {button('lastPage', pages, shown >= pages, <LastPageIcon />)}
          </Box>
        </Box>
      ) : null}
    </Box>
  );
}
