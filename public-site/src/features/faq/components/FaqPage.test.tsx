import { MemoryRouter } from 'react-router-dom';
import { FAQ_ITEMS } from '@sbc/domain';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FaqList } from './FaqList';
import { FaqPage } from './FaqPage';

const renderFaq = () => render(<MemoryRouter><FaqPage /></MemoryRouter>);

describe('FaqPage', () => {
  it('lists the six questions with their icons, all closed', () => {
    renderFaq();
    const questions = screen.getAllByRole('group');
    expect(questions).toHaveLength(6);
    for (const item of FAQ_ITEMS) expect(screen.getByText(item.question)).toBeInTheDocument();
    expect(questions.every((d) => !(d as HTMLDetailsElement).open)).toBe(true);
    expect(document.querySelectorAll('.ps-faq__icon')).toHaveLength(6);
  });

  it('opens several questions at once', async () => {
    const user = userEvent.setup();
    renderFaq();
    await user.click(screen.getByText(FAQ_ITEMS[0].question));
    await user.click(screen.getByText(FAQ_ITEMS[4].question));
    const open = screen.getAllByRole('group').filter((d) => (d as HTMLDetailsElement).open);
    expect(open).toHaveLength(2);
  });

  it('renders bold, italic and line breaks as elements', () => {
    renderFaq();
    const first = document.querySelector('.ps-faq__answer')!;
    expect(first.querySelector('strong')?.textContent).toBe('market algorithm');
    expect(first.querySelector('em')?.textContent).toBe('demand');
    expect(first.querySelectorAll('br')).toHaveLength(1);
  });

  it('shows HTML in an answer as text, never as markup', () => {
    render(<FaqList items={[{ id: 'x', icon: '?', question: 'Safe?', answer: '<img src=x onerror="alert(1)"> **ok**' }]} />);
    expect(document.querySelector('.ps-faq__answer img')).toBeNull();
    expect(document.querySelector('.ps-faq__answer')?.textContent).toBe('<img src=x onerror="alert(1)"> ok');
  });

  it("links 'Look at the sectors' to /products and the materials CTA to /materials", () => {
    renderFaq();
    expect(screen.getByRole('link', { name: 'Look at the sectors' })).toHaveAttribute('href', '/products');
    expect(screen.getByRole('link', { name: 'Check the materials' })).toHaveAttribute('href', '/materials');
    expect(document.title).toBe('FAQ | SBC Tycoon');
  });
});
