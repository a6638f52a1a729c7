/** External destinations of product.md#bank-and-address-guides "External links". */
export const EXTERNAL_LINKS = {
  /** The partner formation site (affiliate link). */
  affiliateFormation: 'https://www.northwestregisteredagent.com/',
  wyomingNameSearch: 'https://wyobiz.wyo.gov/Business/FilingSearch.aspx',
  onlineBank: 'https://mercury.com/',
  /** Guide videos, embedded only after a click from the privacy-friendly host. */
  videos: {
    formation: 'https://www.youtube-nocookie.com/embed/videoseries?list=PL_formation_guide',
    bank: 'https://www.youtube-nocookie.com/embed/videoseries?list=PL_bank_guide',
  },
} as const;

/** The business-address guide PDF, served by the portal itself. */
export const ADDRESS_GUIDE_PDF_PATH = '/api/guides/business-address.pdf';
