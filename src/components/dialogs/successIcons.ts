import AutoAwesomeOutlined from '@mui/icons-material/AutoAwesomeOutlined';
import CelebrationOutlined from '@mui/icons-material/CelebrationOutlined';
import EmojiEventsOutlined from '@mui/icons-material/EmojiEventsOutlined';
import SentimentVerySatisfiedOutlined from '@mui/icons-material/SentimentVerySatisfiedOutlined';
import TaskAlt from '@mui/icons-material/TaskAlt';
import ThumbUpOutlined from '@mui/icons-material/ThumbUpOutlined';
import VerifiedOutlined from '@mui/icons-material/VerifiedOutlined';

/** Spec "Dialogs": the success dialog shows a randomly chosen icon out of these seven. */
export const SUCCESS_ICONS = [
  TaskAlt,
  ThumbUpOutlined,
  CelebrationOutlined,
  EmojiEventsOutlined,
  SentimentVerySatisfiedOutlined,
  VerifiedOutlined,
  AutoAwesomeOutlined,
] as const;

/** `random` is injectable so the choice can be pinned; it must return a number in [0, 1). */
export function pickSuccessIconIndex(random: () => number = Math.random): number {
  const index = Math.floor(random() * SUCCESS_ICONS.length);
  return Math.min(Math.max(index, 0), SUCCESS_ICONS.length - 1);
}
