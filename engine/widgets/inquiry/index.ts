export { Inquiry, InquiryItem } from './Inquiry.tsx';
