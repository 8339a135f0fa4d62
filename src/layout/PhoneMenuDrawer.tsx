import CloseIcon from '@mui/icons-material/Close';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import { useTranslate } from 'ra-core';
import type { ReactNode } from 'react';

export interface PhoneMenuDrawerProps {
  id: string;
  open: boolean;
  onClose: () => void;
  /** The menu itself (HeaderMenu's MainMenu), so that this file does not import the header. */
  children: ReactNode;
}

/**
 * The phone's menu drawer (MUI moves and traps the focus). A chunk of its own that HeaderMenu loads
 * when the menu button is first touched, hovered or focused: Drawer and its Slide transition are
 * about 4 kB (gzip) that no page needs before someone opens the menu (page weights, bench/README.md).
 */
export default function PhoneMenuDrawer({ id, open, onClose, children }: PhoneMenuDrawerProps) {
  const translate = useTranslate();
  return (
    <Drawer
      id={id}
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{
        paper: { 'aria-label': translate('app.layout.menu'), sx: { width: 'min(320px, 85vw)', p: 2, gap: 2 } },
      }}
    >
      <IconButton aria-label={translate('app.layout.closeMenu')} onClick={onClose} sx={{ alignSelf: 'flex-end' }}>
        <CloseIcon />
      </IconButton>
      {children}
    </Drawer>
  );
}
