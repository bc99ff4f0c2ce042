import { useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { SUGGESTIONS_FROM } from '../../../contract/limits'
import { suggestionQueries } from '../../api/suggestions'

/** Waits this long after the last keystroke, so a word typed quickly is one request. */
export const SUGGEST_DELAY_MS = 200

// The search box's suggestions for what is typed, from 2 characters, asked once typing pauses
// and only after the shopper typed (not for the search a page opened with). The previous answer
// stays on screen while the next one loads, so the list does not flicker.
export function useSuggestions(typed: string, edited: boolean) {
  const [words, setWords] = useState(typed.trim())
  useEffect(() => {
    const timer = setTimeout(() => setWords(typed.trim()), SUGGEST_DELAY_MS)
    return () => clearTimeout(timer)
  }, [typed])
  const enabled = edited && words.length >= SUGGESTIONS_FROM
  const { data } = useQuery({
    ...suggestionQueries.forWords(words),
    enabled,
    placeholderData: (previous) => previous,
  })
  return enabled ? data : undefined
}
