import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { minutesOf, SCHEDULE_DAYS, type WeeklyWindow } from '../../../contract/schedules';

const HOURS = Array.from({ length: 25 }, (_, h) => h);
const HOUR_PX = 14;

/**
 * The week at a glance: seven columns by 24 hours, each window a block
 * from its start to its end. Windows that do not parse (while typing) are
 * left out rather than drawn wrong.
 */
export const WeekView = ({ windows }: { windows: readonly Partial<WeeklyWindow>[] }) => {
    const translate = useTranslate();
    const valid = windows.filter(
        (w): w is WeeklyWindow =>
            !!w.day && /^\d\d:\d\d$/.test(w.start ?? '') && /^\d\d:\d\d$/.test(w.end ?? '') && minutesOf(w.start!) < minutesOf(w.end!),
    );
    return (
        <Box role="figure" aria-label={translate('resources.schedules.week.title')} sx={{ display: 'flex', gap: 0.5, my: 2 }}>
            <Box sx={{ width: 36, pt: 3 }}>
                {HOURS.filter(h => h % 3 === 0).map(h => (
                    <Typography
                        key={h}
                        variant="caption"
                        sx={{ display: 'block', height: HOUR_PX * 3, lineHeight: 0, color: 'text.secondary' }}
                    >{`${String(h).padStart(2, '0')}:00`}</Typography>
                ))}
            </Box>
            {SCHEDULE_DAYS.map(day => (
                <Box key={day} sx={{ width: 64 }} data-day={day}>
                    <Typography variant="caption" sx={{ display: 'block', height: 24, textAlign: 'center', fontWeight: 600 }}>
                        {translate(`resources.schedules.days.${day}`)}
                    </Typography>
                    <Box
                        sx={{
                            position: 'relative',
                            height: HOUR_PX * 24,
                            bgcolor: 'action.hover',
                            borderRadius: 0.5,
                            // a faint line every three hours
                            backgroundImage: theme =>
                                `repeating-linear-gradient(to bottom, ${theme.palette.divider} 0 1px, transparent 1px ${HOUR_PX * 3}px)`,
                        }}
                    >
                        {valid
                            .filter(w => w.day === day)
                            .map((w, i) => {
                                const label = `${translate(`resources.schedules.days.${day}`)} ${w.start}–${w.end}`;
                                return (
                                    <Box
                                        key={i}
                                        role="img"
                                        aria-label={label}
                                        title={label}
                                        sx={{
                                            position: 'absolute',
                                            left: 2,
                                            right: 2,
                                            top: (minutesOf(w.start) / 60) * HOUR_PX,
                                            height: Math.max(2, ((minutesOf(w.end) - minutesOf(w.start)) / 60) * HOUR_PX),
                                            bgcolor: 'primary.main',
                                            opacity: 0.8,
                                            borderRadius: 0.5,
                                        }}
                                    />
                                );
                            })}
                    </Box>
                </Box>
            ))}
        </Box>
    );
};
