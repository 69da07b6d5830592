// Browser-safe (see docs/decisions/011): the composer's background picker and the API share this list.

export type TextFormatPreset = { id: string; label: string; kind: 'color' | 'gradient' | 'illustration'; color: string | null };

/**
 * Facebook's backgrounds for short text posts (`data.FACEBOOK.textFormatPresetId`). Facebook
 * publishes no API to list them; this is the set the service offers.
 */
export const FACEBOOK_TEXT_FORMAT_PRESETS: TextFormatPreset[] = [
  { id: '106018623298955', label: 'Solid purple', kind: 'color', color: '#7b4fd6' },
  { id: '1961748037422521', label: 'Solid red', kind: 'color', color: '#e0245e' },
  { id: '1881421442117417', label: 'Solid black', kind: 'color', color: '#1c1e21' },
  { id: '365653833956649', label: 'Solid blue', kind: 'color', color: '#1877f2' },
  { id: '191761991491375', label: 'Sunset', kind: 'gradient', color: 'linear-gradient(45deg, #ff7a59, #ff3d77)' },
  { id: '217321755510854', label: 'Ocean', kind: 'gradient', color: 'linear-gradient(45deg, #00c6ff, #0072ff)' },
  { id: '175493843120364', label: 'Forest', kind: 'gradient', color: 'linear-gradient(45deg, #56ab2f, #a8e063)' },
  { id: '1654222977992614', label: 'Dusk', kind: 'gradient', color: 'linear-gradient(45deg, #2c3e50, #fd746c)' },
  { id: '1679480672336244', label: 'Hearts', kind: 'illustration', color: null },
  { id: '518948401838663', label: 'Balloons', kind: 'illustration', color: null },
  { id: '1903718606535395', label: 'Confetti', kind: 'illustration', color: null },
  { id: '548109819060316', label: 'Leaves', kind: 'illustration', color: null },
];
