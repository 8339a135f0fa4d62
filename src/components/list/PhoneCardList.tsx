import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import type { ReactNode } from 'react';
import {
  LinkBase,
  RecordContextProvider,
  useGetPathForRecord,
  useGetPathForRecordCallback,
  useListContext,
  useNavigate,
  useResourceContext,
  type RaRecord,
  type SimpleListProps,
} from 'react-admin';
import { ListEmpty } from './ListEmpty';
import type { RowClick } from './LumioTable';

type Texts = Pick<SimpleListProps, 'primaryText' | 'secondaryText' | 'tertiaryText'>;

/** A text as SimpleList takes it: a node, or a function of the record. */
const show = (text: Texts['primaryText'], record: RaRecord): ReactNode =>
  typeof text === 'function' ? text(record, record.id) : text;

export interface PhoneCardListProps extends Texts {
  rowClick: RowClick;
  /** The row's actions (the table's actions column), shown under the row's texts; none for a list without. */
  actions?: ReactNode;
}

/**
 * A phone's list whose rows keep their actions: each entry opens like the table's row (a link, or
 * a button for a function), and the same action buttons as the table's last column sit below it,
 * outside the entry's button (a button in a button would be neither valid nor reachable).
 * react-admin's SimpleList has no place for them.
 */
export function PhoneCardList({ rowClick, actions, ...texts }: PhoneCardListProps) {
  const { data, isPending } = useListContext();
  if (isPending) return null;
  if (!data || data.length === 0) return <ListEmpty />;
  return (
    <List>
      {data.map((record) => (
        <RecordContextProvider key={record.id} value={record}>
          <ListItem disablePadding sx={{ display: 'block', borderBottom: 1, borderColor: 'divider' }}>
            <PhoneEntry record={record} rowClick={rowClick} {...texts} />
            {actions ? (
              <Box
                sx={{
                  px: 2,
                  pb: 1.5,
                  // The desktop column keeps its buttons on one line; a phone wraps them.
                  '& > .MuiBox-root': { flexWrap: 'wrap' },
                  '&:empty': { display: 'none' },
                }}
              >
                {actions}
              </Box>
            ) : null}
          </ListItem>
        </RecordContextProvider>
      ))}
    </List>
  );
}

function PhoneEntry({
  record,
  rowClick,
  primaryText,
  secondaryText,
  tertiaryText,
}: Omit<PhoneCardListProps, 'actions'> & { record: RaRecord }) {
  const resource = useResourceContext();
  const navigate = useNavigate();
  const isFunction = typeof rowClick === 'function';
  const path = useGetPathForRecord({ record, resource, link: isFunction ? false : rowClick || false });
  const pathFor = useGetPathForRecordCallback();
  const text = (
    <ListItemText
      primary={show(primaryText, record)}
      secondary={
        <>
          {show(secondaryText, record)}
          {tertiaryText ? (
            <Box component="span" sx={{ display: 'block' }}>
              {show(tertiaryText, record)}
            </Box>
          ) : null}
        </>
      }
    />
  );
  if (isFunction) {
    const open = async () => {
      const target = await pathFor({ record, resource, link: (r, res) => rowClick(r.id, res, r) });
      if (target) navigate(target);
    };
    return <ListItemButton onClick={() => void open()}>{text}</ListItemButton>;
  }
  if (path) {
    return (
      <ListItemButton component={LinkBase} to={path}>
        {text}
      </ListItemButton>
    );
  }
  return <Box sx={{ px: 2, py: 1 }}>{text}</Box>;
}
