import { useEffect, useRef, useState } from 'react';
import { Box, InputBase } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { useTranslate } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import { SEARCH_MAX_LENGTH } from '../../../contract/constants';
import { notForShortcuts } from '../../layout/shortcuts/keys';

/** The app bar's search box: Enter opens /search?q=…; '/' anywhere else puts the cursor in it (the page's shortcuts: `?`). */
export const SearchBox = () => {
    const translate = useTranslate();
    const navigate = useNavigate();
    const location = useLocation();
    const input = useRef<HTMLInputElement>(null);
    const [text, setText] = useState('');
    // On the search page the box shows what is searched for.
    const searched = location.pathname === '/search' ? (new URLSearchParams(location.search).get('q') ?? '') : undefined;
    useEffect(() => {
        if (searched !== undefined) setText(searched);
    }, [searched]);
    useEffect(() => {
        const onKey = (e: KeyboardEvent) => {
            if (e.key !== '/' || notForShortcuts(e)) return;
            e.preventDefault();
            input.current?.focus();
        };
        document.addEventListener('keydown', onKey);
        return () => document.removeEventListener('keydown', onKey);
    }, []);
    return (
        <Box
            component="form"
            role="search"
            onSubmit={e => {
                e.preventDefault();
                const q = text.trim();
                if (q) navigate(`/search?q=${encodeURIComponent(q)}`);
            }}
            sx={{
                display: { xs: 'none', md: 'flex' },
                alignItems: 'center',
                gap: 0.5,
                mr: 2,
                px: 1,
                borderRadius: 1,
                bgcolor: 'rgba(255, 255, 255, 0.15)',
                // Narrow until used, so the page title keeps its room in a crowded bar.
                '& .MuiInputBase-root': { width: { md: 110, xl: 200 }, transition: 'width 150ms' },
                '&:focus-within': { bgcolor: 'rgba(255, 255, 255, 0.25)' },
                '&:focus-within .MuiInputBase-root': { width: 220 },
            }}
        >
            <SearchIcon fontSize="small" />
            <InputBase
                inputRef={input}
                value={text}
                onChange={e => setText(e.target.value)}
                onKeyDown={e => e.key === 'Escape' && input.current?.blur()}
                placeholder={translate('search.box.placeholder')}
                inputProps={{ 'aria-label': translate('search.box.label'), maxLength: SEARCH_MAX_LENGTH, type: 'search' }}
                sx={{ color: 'inherit', fontSize: 14 }}
            />
        </Box>
    );
};
