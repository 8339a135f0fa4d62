import Button from '@mui/material/Button';
import { useTranslate } from 'react-admin';

/**
 * The skip link of react-admin's SkipNavigationButton, same look and behaviour, on MUI's plain
 * Button: react-admin's Button wraps MUI's Tooltip, which brought @popperjs/core into every
 * signed-in page for a button that never shows a tooltip.
 */
export function SkipToContentButton({ targetId }: { targetId: string }) {
  const translate = useTranslate();
  return (
    <Button
      className="skip-nav-button"
      variant="contained"
      onClick={() => skipTo(targetId)}
      sx={(theme) => ({
        position: 'fixed',
        padding: theme.spacing(1),
        backgroundColor: theme.palette.background.default,
        color: theme.palette.primary.contrastText,
        transition: theme.transitions.create(['top', 'opacity'], {
          easing: theme.transitions.easing.easeIn,
          duration: theme.transitions.duration.leavingScreen,
        }),
        left: theme.spacing(2),
        top: theme.spacing(-10),
        zIndex: 5000,
        '&:hover': { opacity: 0.8, backgroundColor: theme.palette.background.default },
        '&:focus': {
          top: theme.spacing(2),
          transition: theme.transitions.create(['top', 'opacity'], {
            easing: theme.transitions.easing.easeOut,
            duration: theme.transitions.duration.enteringScreen,
          }),
        },
      })}
    >
      {translate('ra.navigation.skip_nav')}
    </Button>
  );
}

/** As react-admin: focus the main landmark for a moment so that the next Tab starts inside it. */
function skipTo(targetId: string) {
  const element = document.getElementById(targetId);
  if (!element) return;
  element.setAttribute('tabIndex', '-1');
  element.focus();
  element.blur();
  element.removeAttribute('tabIndex');
}
