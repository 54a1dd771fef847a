export { Inquiry, InquiryItem, type InquiryItemProps, type InquiryProps } from './Inquiry.tsx';
